// Verifies a Baton delivery to an endpoint with "signature_scheme":
// "standard_webhooks", with Go's standard library (no module):
//
//	WEBHOOK_SECRET=whsec_... go run verify.go "$WEBHOOK_ID" "$WEBHOOK_TIMESTAMP" "$WEBHOOK_SIGNATURE" < body
//
// The key is the base64 after "whsec_"; the signed content is
// "<id>.<timestamp>.<body>"; the header holds one or more space-separated
// "v1,<base64 HMAC-SHA256>" (two during a secret rotation). Exits 0 when one
// matches and the timestamp is at most 300 seconds from now, 1 when not, 2 on
// a usage error.
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"os"
	"strings"
	"time"
)

// The libraries' tolerance: a delivery at most 5 minutes old or ahead.
const tolerance = 5 * time.Minute

func verify(id, timestamp, header string, body []byte, secret string, now time.Time) string {
	if !strings.HasPrefix(secret, "whsec_") {
		return "the secret is not whsec_ text"
	}
	var seconds int64
	if _, err := fmt.Sscan(timestamp, &seconds); err != nil || seconds < 0 || strings.Trim(timestamp, "0123456789") != "" {
		return "webhook-timestamp is not Unix seconds"
	}
	if sent := time.Unix(seconds, 0); now.Sub(sent) > tolerance || sent.Sub(now) > tolerance {
		return "timestamp outside the tolerance"
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return "the secret is not valid base64"
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + timestamp + "."))
	mac.Write(body)
	expected := mac.Sum(nil)
	for _, item := range strings.Split(header, " ") {
		version, signature, found := strings.Cut(item, ",")
		if !found || version != "v1" {
			continue
		}
		given, err := base64.StdEncoding.DecodeString(signature)
		if err == nil && hmac.Equal(given, expected) {
			return ""
		}
	}
	return "no signature matches"
}

func main() {
	secret := os.Getenv("WEBHOOK_SECRET")
	if len(os.Args) != 4 || secret == "" {
		fmt.Fprintln(os.Stderr, "usage: WEBHOOK_SECRET=whsec_... verify <webhook-id> <webhook-timestamp> <webhook-signature> < body")
		os.Exit(2)
	}
	body, err := os.ReadFile("/dev/stdin")
	if err != nil {
		fmt.Fprintln(os.Stderr, "cannot read the body:", err)
		os.Exit(2)
	}
	if failure := verify(os.Args[1], os.Args[2], os.Args[3], body, secret, time.Now()); failure != "" {
		fmt.Fprintln(os.Stderr, "refused:", failure)
		os.Exit(1)
	}
	fmt.Fprintln(os.Stderr, "verified")
}
