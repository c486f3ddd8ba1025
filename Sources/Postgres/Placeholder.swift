// Placeholder until this module's issue lands; replace, don't extend.
