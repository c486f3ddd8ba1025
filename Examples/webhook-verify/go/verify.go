// Verifies a Baton webhook: go run verify.go "$BATON_SIGNATURE" < body
//
// The secrets come from WEBHOOK_SECRETS, one per line (during a rotation, the
// old and the new one). Exits 0 when the body is signed by any of them at most
// 300 seconds from now, 1 when it is not, 2 on a usage error. Standard library only.
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

const toleranceSeconds = 300

func verify(header string, body []byte, secrets []string, now int64) string {
	timestamp := ""
	var signatures []string
	for _, item := range strings.Split(header, ",") {
		key, value, _ := strings.Cut(item, "=")
		if key == "t" && timestamp == "" {
			timestamp = value
		} else if key == "v1" {
			signatures = append(signatures, value)
		}
	}
	seconds, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil || seconds < 0 || len(signatures) == 0 {
		return "no t= and v1= in the header"
	}
	if now-seconds > toleranceSeconds || seconds-now > toleranceSeconds {
		return "timestamp outside the tolerance"
	}
	for _, secret := range secrets {
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write([]byte(timestamp + "."))
		mac.Write(body)
		expected := []byte(hex.EncodeToString(mac.Sum(nil)))
		for _, signature := range signatures {
			if hmac.Equal(expected, []byte(signature)) {
				return ""
			}
		}
	}
	return "no signature matches"
}

func main() {
	var secrets []string
	for _, line := range strings.Split(os.Getenv("WEBHOOK_SECRETS"), "\n") {
		if line != "" {
			secrets = append(secrets, line)
		}
	}
	if len(os.Args) != 2 || len(secrets) == 0 {
		fmt.Fprintln(os.Stderr, "usage: WEBHOOK_SECRETS=<secret per line> verify <Baton-Signature> < body")
		os.Exit(2)
	}
	body, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cannot read the body:", err)
		os.Exit(2)
	}
	if failure := verify(os.Args[1], body, secrets, time.Now().Unix()); failure != "" {
		fmt.Fprintln(os.Stderr, "rejected:", failure)
		os.Exit(1)
	}
	fmt.Fprintln(os.Stderr, "verified")
}
