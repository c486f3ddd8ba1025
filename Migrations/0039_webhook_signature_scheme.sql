-- How each webhook endpoint's deliveries are signed (docs/webhooks.md,
-- "Signature schemes"): 'baton', the `Baton-Signature: t=…,v1=…` header, or
-- 'standard_webhooks', the `webhook-id`, `webhook-timestamp` and
-- `webhook-signature` headers of the Standard Webhooks specification, which
-- its libraries (standardwebhooks, svix) verify with the endpoint's `whsec_`
-- secret. Existing endpoints keep 'baton'.
ALTER TABLE baton.webhook_endpoints
    ADD COLUMN signature_scheme text NOT NULL DEFAULT 'baton'
    CONSTRAINT webhook_endpoints_signature_scheme CHECK (signature_scheme IN ('baton', 'standard_webhooks'));
