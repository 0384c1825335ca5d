ALTER TABLE `communication_messages` ADD `read_at` integer;--> statement-breakpoint
ALTER TABLE `document_requests` ADD `response_seen_at` integer;