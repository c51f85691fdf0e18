-- "Train new knowledge automatically": on for agents created from now on. Agents that exist already
-- keep the manual embedding their owners know (false), and can turn it on in their settings.
ALTER TABLE "agents" ADD COLUMN "auto_embed" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "agents" ALTER COLUMN "auto_embed" SET DEFAULT true;
