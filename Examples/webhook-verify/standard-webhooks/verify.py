#!/usr/bin/env python3
"""Verifies a Baton delivery to an endpoint with "signature_scheme":
"standard_webhooks", using a Standard Webhooks library from PyPI.

Usage: verify.py standardwebhooks|svix WEBHOOK_ID WEBHOOK_TIMESTAMP WEBHOOK_SIGNATURE < body
The endpoint's secret (the whsec_... text the API showed) is in
WEBHOOK_SECRET. Exits 0 and prints the event's type when the library
accepts the delivery, 1 when it refuses it.
"""

import os
import sys

library, webhook_id, timestamp, signature = sys.argv[1:5]
if library == "standardwebhooks":
    from standardwebhooks.webhooks import Webhook, WebhookVerificationError
else:
    from svix.webhooks import Webhook, WebhookVerificationError

body = sys.stdin.buffer.read()
headers = {"webhook-id": webhook_id, "webhook-timestamp": timestamp, "webhook-signature": signature}
try:
    Webhook(os.environ["WEBHOOK_SECRET"]).verify(body, headers)
except WebhookVerificationError as error:
    print(f"refused: {error}")
    sys.exit(1)
print("verified")
