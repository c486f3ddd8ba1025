-- The language of an invite's landing page and of its link previews
-- (docs/redemption.md, "Landing page"): a BCP 47 tag from the supported
-- list, which the API checks (unsupported_locale) and the page negotiates
-- with the reader's Accept-Language. NULL: the reader's or
-- BATON_DEFAULT_LOCALE. The CHECK holds the tag's shape only, so a build
-- that adds a language needs no migration; a tag a later build no longer
-- supports reads as NULL.
ALTER TABLE baton.invites
    ADD COLUMN locale text
    CONSTRAINT invites_locale_shape CHECK (locale ~ '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$');
