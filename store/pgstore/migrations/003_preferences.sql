-- Schema version 3: the counts of similar corrections behind standing
-- preferences (the 3-strike rule, store.Strikes), one row per function
-- scope (store.OwnerKey) and topic ("kind:<kind>" or "text:<correction>").
CREATE TABLE preference_strikes (
    scope      text NOT NULL,
    topic      text NOT NULL,
    preference text NOT NULL DEFAULT '',  -- id of the promoted learning
    rec        jsonb NOT NULL,            -- store.Strikes
    PRIMARY KEY (scope, topic)
);
