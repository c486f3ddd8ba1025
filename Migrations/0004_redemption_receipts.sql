-- A redemption keeps the `uses_left` its receipt showed, fixed when it was
-- made, so that a replay by the same redeemer returns the identical receipt
-- even after others have redeemed the same multi-use invite since.
ALTER TABLE baton.redemptions ADD COLUMN uses_left integer CHECK (uses_left >= 0);
