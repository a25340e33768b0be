-- llm 0.32's message store (migration m023_message_store) beside the older tables it leaves in place
-- (columns ThreadAI does not read left out). Messages are a tree by parent_hash, named by a hash of
-- their content and their parent's hash (shortened here); a thread points at its tip; a fork is a
-- thread with forked_from; a turn is one model call, adding the messages after parent_message_hash
-- up to tip_message_hash.
--   thread 01k0th1 "Weather tools": system, question, a tool call (with reasoning), its result, the answer;
--   thread 01k0th2, forked from it at the question: a regenerated answer;
--   thread 01k0th3, forked without messages of its own (tip inside 01k0th1): skipped;
--   thread 01k0th4: a prompt that borrows a fragment (text_ref) and carries an attachment;
--   responses: 01k0lr1 in conversation 01k0lc1 (older, imported), 01k0tu2 (also turn 01k0tu2: written
--   to both tables, imported once) and 01k0lr3 in conversation 01k0th1 (the thread holds it: not again).
create table conversations (id text primary key, name text, model text);
create table responses (
  id text primary key, model text, prompt text, system text, response text,
  conversation_id text, duration_ms integer, datetime_utc text, input_tokens integer, output_tokens integer);
create table fragments (id integer primary key, hash text, content text, datetime_utc text, source text);
create table attachments (id text primary key, type text, path text, url text, content blob);
create table messages (hash text primary key, parent_hash text references messages(hash), role text, provider_metadata text);
create table parts (
  id integer primary key, message_hash text references messages(hash), position integer, type text,
  tool_name text, text text, payload text);
create table part_attachments (part_id integer, attachment_id text, "order" integer);
create table part_fragments (part_id integer, fragment_id integer, "order" integer);
create table threads (id text primary key, name text, tip_message_hash text, forked_from text, datetime_utc text);
create table turns (
  id text primary key, thread_id text, parent_message_hash text, tip_message_hash text, model text,
  resolved_model text, options_json text, schema_id text, input_tokens integer, output_tokens integer,
  token_details text, duration_ms integer, datetime_utc text);

insert into messages values
  ('b2:m01', null, 'system', null),
  ('b2:m02', 'b2:m01', 'user', null),
  ('b2:m03', 'b2:m02', 'assistant', null),
  ('b2:m04', 'b2:m03', 'tool', null),
  ('b2:m05', 'b2:m04', 'assistant', '{"openai": {"id": "resp_1"}}'),
  ('b2:m06', 'b2:m02', 'assistant', null),
  ('b2:m07', null, 'user', null),
  ('b2:m08', 'b2:m07', 'assistant', null);
insert into parts (message_hash, position, type, tool_name, text, payload) values
  ('b2:m01', 0, 'text', null, 'You can look up the weather.', null),
  ('b2:m02', 0, 'text', null, 'What is the weather in Paris?', null),
  ('b2:m03', 0, 'reasoning', null, 'I should call the tool.', null),
  ('b2:m03', 1, 'tool_call', 'get_weather', null, '{"name": "get_weather", "arguments": {"city": "Paris"}, "tool_call_id": "call_1"}'),
  ('b2:m04', 0, 'tool_result', 'get_weather', null, '{"name": "get_weather", "output": "sunny, 21", "tool_call_id": "call_1"}'),
  ('b2:m05', 0, 'text', null, 'Sunny, 21°C.', null),
  ('b2:m06', 0, 'text', null, 'I cannot look that up.', null),
  ('b2:m07', 0, 'text', null, null, '{"text_ref": [{"fragment": 1}, {"literal": "\nWhich river is longest?"}]}'),
  ('b2:m07', 1, 'attachment', null, null, '{"attachment": {"id": "at1"}}'),
  ('b2:m08', 0, 'text', null, 'The Danube.', null);
insert into fragments values (1, 'fh1', 'Rhine
Danube
Seine', '2025-08-01T11:59:00', 'rivers.txt');
insert into part_fragments values (8, 1, 0);
insert into attachments values ('at1', 'image/jpeg', null, 'https://example.com/map.jpg', null);
insert into part_attachments values (9, 'at1', 0);
insert into threads values
  ('01k0th1', 'Weather tools', 'b2:m05', null, '2025-08-01 10:00:00.000000+00:00'),
  ('01k0th2', null, 'b2:m06', '01k0th1', '2025-08-01 10:05:00.000000+00:00'),
  ('01k0th3', null, 'b2:m03', '01k0th1', '2025-08-01 10:06:00.000000+00:00'),
  ('01k0th4', 'Rivers', 'b2:m08', null, '2025-08-01 12:00:00.000000+00:00');
insert into turns (id, thread_id, parent_message_hash, tip_message_hash, model, input_tokens, output_tokens, duration_ms, datetime_utc) values
  ('01k0tu1', '01k0th1', 'b2:m02', 'b2:m03', 'gpt-5-mini', 40, 10, 800, '2025-08-01 10:00:01.000000+00:00'),
  ('01k0tu2', '01k0th1', 'b2:m04', 'b2:m05', 'gpt-5-mini', 60, 5, 500, '2025-08-01 10:00:03.000000+00:00'),
  ('01k0tu3', '01k0th2', 'b2:m02', 'b2:m06', 'gpt-5-nano', 30, 7, 300, '2025-08-01 10:05:00.000000+00:00'),
  ('01k0tu4', '01k0th4', 'b2:m07', 'b2:m08', 'gpt-5-mini', 90, 3, 200, '2025-08-01 12:00:00.000000+00:00');
insert into conversations values ('01k0lc1', 'Older chat', 'gpt-4o'), ('01k0th1', 'Weather tools', 'gpt-5-mini');
insert into responses values
  ('01k0lr1', 'gpt-4o', 'Hello', null, 'Hi there', '01k0lc1', 100, '2025-07-01T09:00:00', 3, 2),
  ('01k0tu2', 'gpt-5-mini', '', null, 'Sunny, 21°C.', '01k0xx9', 500, '2025-08-01T10:00:03', 60, 5),
  ('01k0lr3', 'gpt-5-mini', 'What is the weather in Paris?', null, '', '01k0th1', 800, '2025-08-01T10:00:01', 40, 10);
