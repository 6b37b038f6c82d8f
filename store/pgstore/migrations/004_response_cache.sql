-- Schema version 4: the opt-in LLM response cache (store.ResponseCache),
-- shared by every process using the server.
CREATE TABLE llm_cache (
    key     text PRIMARY KEY,          -- llm.CacheKey: SHA-256 of the request, hex
    model   text NOT NULL,
    created timestamptz NOT NULL,
    size    int NOT NULL,              -- bytes of the reply's JSON, as Badger counts them
    rec     jsonb NOT NULL             -- store.CachedReply
);
