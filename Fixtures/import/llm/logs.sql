-- llm's logs.db tables (as llm 0.13+ creates them, columns ThreadAI does not read left out),
-- with two conversations: one of two responses under a system prompt, one response on its own.
create table conversations (id text primary key, name text, model text);
create table responses (
  id text primary key, model text, prompt text, system text, prompt_json text, options_json text,
  response text, response_json text, conversation_id text references conversations(id),
  duration_ms integer, datetime_utc text, input_tokens integer, output_tokens integer);
insert into conversations values ('01hx0c1', 'Haiku about rain', 'gpt-4o-mini');
insert into responses (id, model, prompt, system, response, conversation_id, duration_ms, datetime_utc, input_tokens, output_tokens) values
  ('01hx0r1', 'gpt-4o-mini', 'Write a haiku about rain', 'Be brief', 'Rain taps the window', '01hx0c1', 812, '2024-05-01T09:00:00.123456', 12, 9),
  ('01hx0r2', 'gpt-4o-mini', 'Another', '', 'Puddles hold the sky', '01hx0c1', 700, '2024-05-01T09:01:00.5', 20, 8),
  ('01hx0r3', 'claude-3-haiku', 'hi', null, 'hello', null, null, '2024-05-02 10:00:00', null, null);
