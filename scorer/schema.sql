-- Saved games: one row per game, the validated game document kept whole as JSON.
CREATE TABLE IF NOT EXISTS game (
    public_id  TEXT PRIMARY KEY,
    title      TEXT,
    document   TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS game_created ON game (created_at);
