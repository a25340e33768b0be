-- llm's older log tables as llm 0.26-0.31 creates them (columns ThreadAI does not read left out):
-- one conversation where the model calls a tool (tool_calls on the response that asked, tool_results
-- on the response whose prompt carried them), a prompt given a fragment and a system fragment, and
-- an image attachment.
create table conversations (id text primary key, name text, model text);
create table responses (
  id text primary key, model text, prompt text, system text, response text,
  conversation_id text references conversations(id), duration_ms integer, datetime_utc text,
  input_tokens integer, output_tokens integer);
create table tool_calls (id integer primary key, response_id text, tool_id integer, name text, arguments text, tool_call_id text);
create table tool_results (id integer primary key, response_id text, tool_id integer, name text, output text, tool_call_id text, instance_id integer, exception text);
create table fragments (id integer primary key, hash text, content text, datetime_utc text, source text);
create table prompt_fragments (response_id text, fragment_id integer, "order" integer);
create table system_fragments (response_id text, fragment_id integer, "order" integer);
create table attachments (id text primary key, type text, path text, url text, content blob);
create table prompt_attachments (response_id text, attachment_id text, "order" integer);
insert into conversations values ('01jtc01', 'Weather in Paris', 'gpt-4.1-mini');
insert into responses values
  ('01jtr01', 'gpt-4.1-mini', 'What is the weather in Paris?', '', '', '01jtc01', 900, '2025-06-01T08:00:00.000001', 50, 12),
  ('01jtr02', 'gpt-4.1-mini', '', '', 'Sunny, 21°C.', '01jtc01', 600, '2025-06-01T08:00:02.5', 70, 6),
  ('01jtr03', 'gpt-4.1-mini', 'Summarize this file', '', 'It lists three rivers.', null, 400, '2025-06-02T09:30:00', 90, 7),
  ('01jtr04', 'gpt-4.1-mini', 'What is in this picture?', '', 'A cat on a mat.', null, 300, '2025-06-03T10:00:00', 300, 8);
insert into tool_calls values (1, '01jtr01', null, 'get_weather', '{"city": "Paris"}', 'call_1');
insert into tool_results values (1, '01jtr02', null, 'get_weather', '{"sky": "sunny", "celsius": 21}', 'call_1', null, null);
insert into fragments values
  (1, 'f1hash', 'Rhine
Danube
Seine', '2025-06-02T09:29:00', 'rivers.txt'),
  (2, 'f2hash', 'Answer in one sentence.', '2025-06-02T09:29:00', 'style');
insert into prompt_fragments values ('01jtr03', 1, 0);
insert into system_fragments values ('01jtr03', 2, 0);
insert into attachments values ('a1b2c3', 'image/png', '/home/me/cat.png', null, x'89504e470d0a1a0a');
insert into prompt_attachments values ('01jtr04', 'a1b2c3', 0);
