CREATE TABLE `compliance_mails` (
	`recipient` text NOT NULL,
	`week` text NOT NULL,
	`item_count` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `compliance_mails_recipient_week_idx` ON `compliance_mails` (`recipient`,`week`);--> statement-breakpoint
CREATE TABLE `late_fee_proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`child_id` text NOT NULL,
	`date` text NOT NULL,
	`minutes_late` integer NOT NULL,
	`status` text DEFAULT 'proposed' NOT NULL,
	`fee_cents` integer,
	`invoice_id` text,
	`decided_by_id` text,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `attendance_events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `late_fee_proposals_event_id_unique` ON `late_fee_proposals` (`event_id`);--> statement-breakpoint
CREATE INDEX `late_fee_proposals_status_idx` ON `late_fee_proposals` (`status`,`date`);--> statement-breakpoint
CREATE TABLE `payment_allocations` (
	`id` text PRIMARY KEY NOT NULL,
	`receipt_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`receipt_id`) REFERENCES `payment_receipts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_allocations_receipt_idx` ON `payment_allocations` (`receipt_id`);--> statement-breakpoint
CREATE INDEX `payment_allocations_invoice_idx` ON `payment_allocations` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `staff_mfa` (
	`admin_id` text PRIMARY KEY NOT NULL,
	`totp_secret` text NOT NULL,
	`confirmed_at` integer,
	`last_step` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `staff_mfa_policy` (
	`id` integer PRIMARY KEY NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE TABLE `staff_passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`credential_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text,
	`name` text NOT NULL,
	`last_used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_passkeys_credential_uq` ON `staff_passkeys` (`credential_id`);--> statement-breakpoint
CREATE INDEX `staff_passkeys_admin_idx` ON `staff_passkeys` (`admin_id`);--> statement-breakpoint
CREATE TABLE `staff_recovery_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_recovery_codes_admin_idx` ON `staff_recovery_codes` (`admin_id`);--> statement-breakpoint
CREATE TABLE `staff_sign_in_states` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`admin_id` text,
	`challenge` text,
	`address` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_sign_in_states_address_idx` ON `staff_sign_in_states` (`address`);--> statement-breakpoint
CREATE INDEX `staff_sign_in_states_expires_idx` ON `staff_sign_in_states` (`expires_at`);--> statement-breakpoint
CREATE INDEX `incident_reports_unacknowledged_idx` ON `incident_reports` (`acknowledged_at`,`handed_over_at`);--> statement-breakpoint
CREATE INDEX `incident_reports_notice_idx` ON `incident_reports` (`licensing_notified_at`,`serious`,`kind`);