DROP INDEX `communication_created_idx`;--> statement-breakpoint
CREATE INDEX `communication_unread_idx` ON `communication_messages` (`recipient_type`,`is_read`,`recipient_id`);--> statement-breakpoint
CREATE INDEX `communication_created_idx` ON `communication_messages` (`created_at`,`id`);--> statement-breakpoint
DROP INDEX `document_requests_parent_idx`;--> statement-breakpoint
DROP INDEX `document_requests_created_idx`;--> statement-breakpoint
CREATE INDEX `document_requests_status_idx` ON `document_requests` (`status`,`parent_id`);--> statement-breakpoint
CREATE INDEX `document_requests_parent_idx` ON `document_requests` (`parent_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `document_requests_created_idx` ON `document_requests` (`created_at`,`id`);--> statement-breakpoint
DROP INDEX `enrollment_applications_created_idx`;--> statement-breakpoint
CREATE INDEX `enrollment_applications_status_idx` ON `enrollment_applications` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `enrollment_applications_created_idx` ON `enrollment_applications` (`created_at`,`id`);--> statement-breakpoint
DROP INDEX `payment_receipts_parent_lower_idx`;--> statement-breakpoint
DROP INDEX `payment_receipts_date_idx`;--> statement-breakpoint
CREATE INDEX `payment_receipts_parent_lower_idx` ON `payment_receipts` (lower("parent_email"),`payment_date`,`created_at`,`receipt_number`);--> statement-breakpoint
CREATE INDEX `payment_receipts_date_idx` ON `payment_receipts` (`payment_date`,`created_at`,`receipt_number`);