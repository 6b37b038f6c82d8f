-- mini-Dana learning store on PostgreSQL, schema version 1.
CREATE TABLE executions (
    id       text PRIMARY KEY,
    function text NOT NULL,
    started  timestamptz NOT NULL,
    rec      jsonb NOT NULL
);
CREATE INDEX executions_function ON executions (function, id);
CREATE INDEX executions_started ON executions (started);

-- Feedback is appended, one row per feedback: two processes giving
-- feedback on one execution both count.
CREATE TABLE feedback (
    id           text PRIMARY KEY,
    execution_id text NOT NULL REFERENCES executions (id) ON DELETE CASCADE,
    entry        jsonb NOT NULL
);
CREATE INDEX feedback_execution ON feedback (execution_id, id);

CREATE TABLE learnings (
    id         text PRIMARY KEY,
    scope      text NOT NULL,             -- store.OwnerKey(module, function)
    function   text NOT NULL,
    domain     text NOT NULL,
    kind       text NOT NULL,
    confidence double precision NOT NULL,
    norm       text NOT NULL,             -- text lower-cased, blanks folded
    tokens     text[] NOT NULL,           -- store.Tokenize(text)
    rec        jsonb NOT NULL
);
CREATE INDEX learnings_scope ON learnings (scope, confidence DESC, id DESC);
CREATE INDEX learnings_domain ON learnings (domain, confidence DESC, id DESC) WHERE domain <> '';
CREATE INDEX learnings_tokens ON learnings USING gin (tokens);

CREATE TABLE tools (
    module           text NOT NULL,
    name             text NOT NULL,
    id               text NOT NULL UNIQUE,
    source_execution text NOT NULL,
    rec              jsonb NOT NULL,
    PRIMARY KEY (module, name)
);
