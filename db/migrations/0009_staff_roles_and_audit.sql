CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`fields` text NOT NULL,
	`address` text NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_record_idx` ON `audit_log` (`entity`,`entity_id`,`at`);--> statement-breakpoint
CREATE TABLE `staff_password_links` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_password_links_token_hash_unique` ON `staff_password_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `staff_password_links_admin_idx` ON `staff_password_links` (`admin_id`);--> statement-breakpoint
ALTER TABLE `admin_users` ADD `role` text DEFAULT 'director' NOT NULL;--> statement-breakpoint
ALTER TABLE `admin_users` ADD `is_active` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `child_achievements` ADD `author_id` text REFERENCES admin_users(id);--> statement-breakpoint
ALTER TABLE `child_achievements` ADD `author_name` text;--> statement-breakpoint
ALTER TABLE `daily_activities` ADD `author_id` text REFERENCES admin_users(id);--> statement-breakpoint
ALTER TABLE `daily_activities` ADD `author_name` text;--> statement-breakpoint
-- Hand-written (drizzle-kit does not generate triggers): the audit log is append-only (ADR 038).
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
