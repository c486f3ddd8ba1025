#!/usr/bin/env ruby
# frozen_string_literal: true

# Verifies a Baton webhook: ruby verify.rb "$BATON_SIGNATURE" < body
#
# The secrets come from WEBHOOK_SECRETS, one per line (during a rotation, the
# old and the new one). Exits 0 when the body is signed by any of them at most
# 300 seconds from now, 1 when it is not, 2 on a usage error. Standard library only.
require "openssl"

TOLERANCE_SECONDS = 300

def verify(header, body, secrets, now)
  timestamp = nil
  signatures = []
  header.split(",").each do |item|
    key, value = item.split("=", 2)
    if key == "t" && timestamp.nil?
      timestamp = value
    elsif key == "v1"
      signatures << value.to_s
    end
  end
  return "no t= and v1= in the header" if timestamp.nil? || !timestamp.match?(/\A[0-9]+\z/) || signatures.empty?
  return "timestamp outside the tolerance" if (now - timestamp.to_i).abs > TOLERANCE_SECONDS

  signed = "#{timestamp}.".b + body
  secrets.each do |secret|
    expected = OpenSSL::HMAC.hexdigest("SHA256", secret.b, signed)
    return nil if signatures.any? { |signature| signature.bytesize == expected.bytesize && OpenSSL.fixed_length_secure_compare(signature, expected) }
  end
  "no signature matches"
end

secrets = ENV.fetch("WEBHOOK_SECRETS", "").split("\n").reject(&:empty?)
if ARGV.length != 1 || secrets.empty?
  warn "usage: WEBHOOK_SECRETS=<secret per line> ruby verify.rb <Baton-Signature> < body"
  exit 2
end
failure = verify(ARGV[0], $stdin.binmode.read, secrets, Time.now.to_i)
warn(failure ? "rejected: #{failure}" : "verified")
exit(failure ? 1 : 0)
