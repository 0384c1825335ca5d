CREATE TABLE `agency_charges` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`child_id` text,
	`agency` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `agency_charges_invoice_idx` ON `agency_charges` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `agency_charges_agency_idx` ON `agency_charges` (`agency`);--> statement-breakpoint
CREATE TABLE `billing_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`program` text NOT NULL,
	`period` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `child_billing_terms` (
	`child_id` text PRIMARY KEY NOT NULL,
	`plan_id` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`discount_percent` integer DEFAULT 0 NOT NULL,
	`discount_reason` text,
	`subsidy_agency` text,
	`subsidy_family_share_cents` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `billing_plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `child_billing_terms_plan_idx` ON `child_billing_terms` (`plan_id`);--> statement-breakpoint
CREATE TABLE `invoice_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`child_id` text,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`position` integer NOT NULL,
	`created_by_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `invoice_lines_invoice_idx` ON `invoice_lines` (`invoice_id`,`position`);--> statement-breakpoint
CREATE TABLE `invoice_number_counters` (
	`year` text PRIMARY KEY NOT NULL,
	`last_number` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`family_email` text NOT NULL,
	`family_name` text NOT NULL,
	`period_kind` text NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`issue_date` text NOT NULL,
	`due_date` text NOT NULL,
	`total_cents` integer NOT NULL,
	`paid_cents` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`void_reason` text,
	`voided_at` integer,
	`voided_by_id` text,
	`emailed_at` integer,
	`reminder_sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_family_period_uq` ON `invoices` (`family_email`,`period_kind`,`period_start`) WHERE status <> 'void';--> statement-breakpoint
CREATE INDEX `invoices_family_idx` ON `invoices` (`family_email`,`period_start`);--> statement-breakpoint
CREATE INDEX `invoices_status_idx` ON `invoices` (`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `invoices_period_idx` ON `invoices` (`period_start`);