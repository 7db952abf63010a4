-- Hand-written, like the rest of this file: one row (id 1) that the rules below move and that the
-- servers read by raw SQL only (lib/access/token-cache.ts), so it is not a model in schema.prisma
-- (0001_init stays the schema's own migration).
CREATE TABLE "access_epoch" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "epoch" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "access_epoch_pkey" PRIMARY KEY ("id")
);

-- Hand-written: the epoch row and the rules that move it. Anything that can take access away or change
-- an allowance (revoking or expiring a token, ending a browser session, changing a plan, adding a grant)
-- moves the epoch in the same transaction, so a server's cached token read is refused at its next charge.
-- Rules rather than a trigger function: the migration runner splits scripts at every semicolon, which a
-- plpgsql body cannot survive. A DO ALSO action runs once per statement, in its transaction.
INSERT INTO "access_epoch" ("id", "epoch") VALUES (1, 0) ON CONFLICT DO NOTHING;

-- last_used_at is written once a minute per token and changes nothing about access: it does not count.
CREATE RULE "api_tokens_update_access_epoch" AS ON UPDATE TO "api_tokens"
  WHERE OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.scopes IS DISTINCT FROM NEW.scopes OR OLD.workspace_id IS DISTINCT FROM NEW.workspace_id
    OR OLD.hash IS DISTINCT FROM NEW.hash OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.browser_session_id IS DISTINCT FROM NEW.browser_session_id
  DO ALSO UPDATE "access_epoch" SET epoch = epoch + 1 WHERE id = 1;
CREATE RULE "api_tokens_delete_access_epoch" AS ON DELETE TO "api_tokens" DO ALSO UPDATE "access_epoch" SET epoch = epoch + 1 WHERE id = 1;
CREATE RULE "workspaces_update_access_epoch" AS ON UPDATE TO "workspaces" DO ALSO UPDATE "access_epoch" SET epoch = epoch + 1 WHERE id = 1;
CREATE RULE "workspaces_delete_access_epoch" AS ON DELETE TO "workspaces" DO ALSO UPDATE "access_epoch" SET epoch = epoch + 1 WHERE id = 1;
CREATE RULE "grants_insert_access_epoch" AS ON INSERT TO "grants" DO ALSO UPDATE "access_epoch" SET epoch = epoch + 1 WHERE id = 1;
CREATE RULE "grants_update_access_epoch" AS ON UPDATE TO "grants" DO ALSO UPDATE "access_epoch" SET epoch = epoch + 1 WHERE id = 1;
CREATE RULE "grants_delete_access_epoch" AS ON DELETE TO "grants" DO ALSO UPDATE "access_epoch" SET epoch = epoch + 1 WHERE id = 1;
CREATE RULE "browser_sessions_update_access_epoch" AS ON UPDATE TO "browser_sessions" DO ALSO UPDATE "access_epoch" SET epoch = epoch + 1 WHERE id = 1;
CREATE RULE "browser_sessions_delete_access_epoch" AS ON DELETE TO "browser_sessions" DO ALSO UPDATE "access_epoch" SET epoch = epoch + 1 WHERE id = 1;
