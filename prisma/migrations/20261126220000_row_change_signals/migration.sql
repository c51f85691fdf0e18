-- Every process keeps some rows in memory (widget sessions, integrations, agents, subscriptions and their
-- plans: what each visitor message reads). Each change to those tables tells every process which key
-- changed, on the channel agentdesk_rows, as '<table>:<key>' once the change commits, whoever wrote it.
create or replace function agentdesk_signal_row_change() returns trigger language plpgsql as $$
declare
  key_column text := tg_argv[0];
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform pg_notify('agentdesk_rows', tg_table_name || ':' || (to_jsonb(old) ->> key_column));
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform pg_notify('agentdesk_rows', tg_table_name || ':' || (to_jsonb(new) ->> key_column));
  end if;
  return null;
end
$$;

create trigger widget_sessions_signal_change after update or delete on widget_sessions
  for each row execute function agentdesk_signal_row_change('id');
create trigger widget_integrations_signal_change after update or delete on widget_integrations
  for each row execute function agentdesk_signal_row_change('id');
create trigger agents_signal_change after update or delete on agents
  for each row execute function agentdesk_signal_row_change('id');
create trigger subscriptions_signal_change after insert or update or delete on subscriptions
  for each row execute function agentdesk_signal_row_change('account_id');
create trigger plans_signal_change after insert or update or delete on plans
  for each row execute function agentdesk_signal_row_change('id');
