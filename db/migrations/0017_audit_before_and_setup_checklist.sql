ALTER TABLE `admin_users` ADD `setup_checklist_dismissed_at` integer;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `before` text;