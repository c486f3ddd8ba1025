-- A family's erasure reaches deliveries still in flight: the eraser marks
-- every delivery entry of the family's events `answer_erased`, in flight or
-- done, and the worker's completion writes no answer bytes into a marked
-- entry. The mark is on the row itself, so a completion that waits for the
-- eraser's row lock sees it when it re-reads the row (a flag held in
-- another table would be read from the completion's older snapshot).
ALTER TABLE baton.webhook_deliveries ADD COLUMN answer_erased boolean NOT NULL DEFAULT false;
ALTER TABLE baton.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_erased_answer CHECK (NOT answer_erased OR response_prefix IS NULL);
