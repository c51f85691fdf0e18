-- At most one answer in progress per conversation, as the database's own rule: a visitor's message is
-- saved in one statement, and of two sent at the same instant the second finds the first's row here.
create unique index messages_one_answer_in_progress on messages (conversation_id)
  where answer_owner is not null and not is_deleted;

-- Ends the statement that calls it with an error, undoing all of it: a statement that wrote several rows
-- refuses itself this way when one of its conditions failed (a plan limit, say).
create or replace function agentdesk_refuse(reason text) returns boolean language plpgsql as $$
begin
  raise exception 'agentdesk_refused: %', reason using errcode = 'P0001';
end
$$;

-- Every change to a conversation's row (a message saved, an answer, a person joining or leaving, a
-- read) tells the live streams open on it, in every process, once it commits: no writer need remember.
create or replace function agentdesk_signal_conversation_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('agentdesk_conversations', new.id::text);
  return null;
end
$$;

create trigger conversations_signal_change after update on conversations
  for each row execute function agentdesk_signal_conversation_change();
