-- Written by hand: every signed-in request reads its session and its user. Each process keeps them; a
-- session ended (sign-out, a password changed, a refresh token replayed) or a user changed or deleted
-- tells every process on agentdesk_rows, so the next request is refused or sees the change.
create trigger refresh_token_families_signal_change after update or delete on refresh_token_families
  for each row execute function agentdesk_signal_row_change('id');
create trigger users_signal_change after update or delete on users
  for each row execute function agentdesk_signal_row_change('id');
