DROP INDEX `child_achievements_child_idx`;--> statement-breakpoint
CREATE INDEX `child_achievements_milestone_idx` ON `child_achievements` (`milestone_id`);--> statement-breakpoint
CREATE INDEX `child_achievements_child_idx` ON `child_achievements` (`child_id`,`achieved_at`);--> statement-breakpoint
DROP INDEX `communication_recipient_idx`;--> statement-breakpoint
CREATE INDEX `communication_sender_idx` ON `communication_messages` (`sender_type`,`sender_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `communication_child_idx` ON `communication_messages` (`child_id`);--> statement-breakpoint
CREATE INDEX `communication_created_idx` ON `communication_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `communication_recipient_idx` ON `communication_messages` (`recipient_type`,`recipient_id`,`created_at`);--> statement-breakpoint
DROP INDEX `daily_activities_child_idx`;--> statement-breakpoint
CREATE INDEX `daily_activities_child_idx` ON `daily_activities` (`child_id`,`activity_date`,`created_at`);--> statement-breakpoint
CREATE INDEX `admin_sessions_expires_idx` ON `admin_sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `announcements_created_idx` ON `announcements` (`created_at`);--> statement-breakpoint
CREATE INDEX `announcements_expires_idx` ON `announcements` (`expires_at`);--> statement-breakpoint
CREATE INDEX `document_requests_parent_idx` ON `document_requests` (`parent_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `document_requests_child_idx` ON `document_requests` (`child_id`);--> statement-breakpoint
CREATE INDEX `document_requests_created_idx` ON `document_requests` (`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_messages_created_idx` ON `outbox_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `parent_sessions_expires_idx` ON `parent_sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `payment_receipts_parent_lower_idx` ON `payment_receipts` (lower("parent_email"),`payment_date`);--> statement-breakpoint
CREATE INDEX `payment_receipts_child_idx` ON `payment_receipts` (`child_id`);--> statement-breakpoint
CREATE INDEX `payment_receipts_date_idx` ON `payment_receipts` (`payment_date`,`created_at`);--> statement-breakpoint
CREATE INDEX `pictures_active_idx` ON `pictures` (`is_active`,`uploaded_at`);