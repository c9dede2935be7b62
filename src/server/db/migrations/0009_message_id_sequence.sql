CREATE SEQUENCE "public"."biztalk_message_id_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- The counter row held the last id used: the sequence continues after it; the row stays as the floor.
SELECT setval('biztalk_message_id_seq', (SELECT setting_value::bigint + 1 FROM settings WHERE setting_key = 'BIZTALK_MESSAGE_ID_COUNTER' AND setting_value ~ '^[0-9]{1,15}$'), false);
