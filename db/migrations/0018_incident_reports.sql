CREATE TABLE `incident_amendments` (
	`id` text PRIMARY KEY NOT NULL,
	`incident_id` text NOT NULL,
	`text` text NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `incident_reports`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`author_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `incident_amendments_incident_idx` ON `incident_amendments` (`incident_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `incident_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text,
	`child_name` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`location` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`first_aid` text NOT NULL,
	`who_was_told` text,
	`told_at` integer,
	`witnesses` text DEFAULT '[]' NOT NULL,
	`serious` integer DEFAULT false NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`acknowledged_at` integer,
	`acknowledged_signature` text,
	`acknowledged_by_id` text,
	`handed_over_at` integer,
	`handed_over_to` text,
	`handed_over_by_name` text,
	`licensing_notified_at` integer,
	`licensing_method` text,
	`licensing_reference` text,
	`licensing_recorded_by_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`author_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`acknowledged_by_id`) REFERENCES `parent_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `incident_reports_occurred_idx` ON `incident_reports` (`occurred_at`);--> statement-breakpoint
CREATE INDEX `incident_reports_child_idx` ON `incident_reports` (`child_id`,`occurred_at`);