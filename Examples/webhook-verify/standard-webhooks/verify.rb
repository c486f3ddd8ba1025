#!/usr/bin/env ruby
# Verifies a Baton delivery to an endpoint with "signature_scheme":
# "standard_webhooks", with Ruby's standard library (no gem):
#   WEBHOOK_SECRET=whsec_... ruby verify.rb "$WEBHOOK_ID" "$WEBHOOK_TIMESTAMP" "$WEBHOOK_SIGNATURE" < body
#
# The key is the base64 after "whsec_"; the signed content is
# "<id>.<timestamp>.<body>"; the header holds one or more space-separated
# "v1,<base64 HMAC-SHA256>" (two during a secret rotation). Exits 0 when one
# matches and the timestamp is at most 300 seconds from now, 1 when not, 2 on
# a usage error.
require "base64"
require "openssl"

TOLERANCE_SECONDS = 300

def verify(id, timestamp, header, body, secret, now)
  return "the secret is not whsec_ text" unless secret.start_with?("whsec_")
  return "webhook-timestamp is not Unix seconds" unless timestamp.match?(/\A[0-9]+\z/)
  return "timestamp outside the tolerance" if (now - timestamp.to_i).abs > TOLERANCE_SECONDS

  key = Base64.strict_decode64(secret.delete_prefix("whsec_"))
  expected = OpenSSL::HMAC.digest("SHA256", key, "#{id}.#{timestamp}.".b + body)
  header.split(" ").each do |item|
    version, signature = item.split(",", 2)
    next unless version == "v1" && signature

    given = Base64.decode64(signature)
    return nil if given.bytesize == expected.bytesize && OpenSSL.fixed_length_secure_compare(given, expected)
  end
  "no signature matches"
rescue ArgumentError
  "the secret is not valid base64"
end

secret = ENV.fetch("WEBHOOK_SECRET", "")
if ARGV.length != 3 || secret.empty?
  warn "usage: WEBHOOK_SECRET=whsec_... ruby verify.rb <webhook-id> <webhook-timestamp> <webhook-signature> < body"
  exit 2
end
failure = verify(ARGV[0], ARGV[1], ARGV[2], $stdin.binmode.read, secret, Time.now.to_i)
warn(failure ? "refused: #{failure}" : "verified")
exit(failure ? 1 : 0)
