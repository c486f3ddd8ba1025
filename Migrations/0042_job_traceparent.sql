-- The W3C `traceparent` of the span that enqueued a job (an API request's
-- server span), so that the worker's execution of the job, and the webhook
-- it sends, continue that request's trace (docs/operations.md, "Traces").
-- NULL for jobs enqueued outside a request (the expiry sweep, older rows).
-- Kept as the header's text: 55 characters, checked by the code that reads it.
ALTER TABLE baton.jobs ADD COLUMN traceparent text;
