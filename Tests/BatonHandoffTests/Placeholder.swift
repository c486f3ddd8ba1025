// Placeholder until this target's tests land; replace, don't extend.
