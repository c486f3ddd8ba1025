// libFuzzer's driver, for a fuzz executable that owns its `main` (SwiftPM
// renames a Swift executable's entry point, so libFuzzer's own `main` cannot
// be used). Linked by `-sanitize=fuzzer`; see fuzz/run.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
