ALTER TABLE `admin_sessions` ADD `reauthenticated_at` integer;--> statement-breakpoint
ALTER TABLE `staff_mfa` ADD `code_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `staff_mfa` ADD `code_failures_since` integer;