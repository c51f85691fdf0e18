-- Written by hand: every change to an agent's passages changes its row of knowledge_index_stats (the
-- statement-level triggers on knowledge_chunks), so each process hears '<table>:<agent_id>' on
-- agentdesk_rows and forgets the question plans and passages it keeps for that agent.
create trigger knowledge_index_stats_signal_change after insert or update or delete on knowledge_index_stats
  for each row execute function agentdesk_signal_row_change('agent_id');
