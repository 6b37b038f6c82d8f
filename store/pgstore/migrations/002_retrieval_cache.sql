-- Schema version 2: what each process's in-memory retrieval index needs to
-- stay current (see retrieve.go). Every write to learnings bumps the
-- generation of each scope it touches ('f:' || scope for the function,
-- 'd:' || domain for the domain) and records, per scope and learning, the
-- generation of its last change. The generation row is updated inside the
-- writing transaction, so writers of one scope commit in generation order
-- and a reader that has seen generation G has seen every change up to G.
-- A statement changing more than 1000 learnings (import, decay) is not
-- logged row by row: it sets the scope's reset generation, and readers
-- older than that load the scope again.
CREATE TABLE scope_gen (
    scope text PRIMARY KEY,
    gen   bigint NOT NULL,
    reset bigint NOT NULL DEFAULT 0
);

CREATE TABLE learning_log (
    scope text NOT NULL,
    id    text NOT NULL,
    gen   bigint NOT NULL,
    PRIMARY KEY (scope, id)
);
CREATE INDEX learning_log_gen ON learning_log (scope, gen);

CREATE FUNCTION learnings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    scs text[];
    ids text[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(x.s), array_agg(x.id) INTO scs, ids FROM (
            SELECT 'f:' || scope AS s, id FROM new_rows
            UNION SELECT 'd:' || domain, id FROM new_rows WHERE domain <> '') x;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(x.s), array_agg(x.id) INTO scs, ids FROM (
            SELECT 'f:' || scope AS s, id FROM old_rows
            UNION SELECT 'd:' || domain, id FROM old_rows WHERE domain <> '') x;
    ELSE
        SELECT array_agg(x.s), array_agg(x.id) INTO scs, ids FROM (
            SELECT 'f:' || scope AS s, id FROM new_rows
            UNION SELECT 'd:' || domain, id FROM new_rows WHERE domain <> ''
            UNION SELECT 'f:' || scope, id FROM old_rows
            UNION SELECT 'd:' || domain, id FROM old_rows WHERE domain <> '') x;
    END IF;
    IF scs IS NULL THEN
        RETURN NULL;
    END IF;
    -- Scopes are locked in name order: concurrent writers do not deadlock here.
    IF cardinality(scs) > 1000 THEN
        INSERT INTO scope_gen AS g (scope, gen, reset)
            SELECT DISTINCT s, 1, 1 FROM unnest(scs) AS s ORDER BY 1
            ON CONFLICT (scope) DO UPDATE SET gen = g.gen + 1, reset = g.gen + 1;
        RETURN NULL;
    END IF;
    INSERT INTO scope_gen AS g (scope, gen)
        SELECT DISTINCT s, 1 FROM unnest(scs) AS s ORDER BY 1
        ON CONFLICT (scope) DO UPDATE SET gen = g.gen + 1;
    INSERT INTO learning_log AS lg (scope, id, gen)
        SELECT u.s, u.id, g.gen FROM unnest(scs, ids) AS u(s, id) JOIN scope_gen g ON g.scope = u.s
        ON CONFLICT (scope, id) DO UPDATE SET gen = EXCLUDED.gen;
    RETURN NULL;
END
$$;

-- Retrieval no longer asks the server to match tokens.
DROP INDEX learnings_tokens;

CREATE TRIGGER learnings_inserted AFTER INSERT ON learnings
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learnings_changed();
CREATE TRIGGER learnings_updated AFTER UPDATE ON learnings
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learnings_changed();
CREATE TRIGGER learnings_deleted AFTER DELETE ON learnings
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION learnings_changed();
