CREATE TABLE `medication_authorizations` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text NOT NULL,
	`medication_name` text NOT NULL,
	`reason` text NOT NULL,
	`dose` text NOT NULL,
	`route` text NOT NULL,
	`times` text DEFAULT '[]' NOT NULL,
	`as_needed` text,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`refrigerate` integer DEFAULT false NOT NULL,
	`prescription` integer DEFAULT false NOT NULL,
	`physician_needed` integer DEFAULT false NOT NULL,
	`physician_reasons` text DEFAULT '[]' NOT NULL,
	`signature` text NOT NULL,
	`signed_on` text NOT NULL,
	`entered_by_kind` text NOT NULL,
	`entered_by_id` text NOT NULL,
	`entered_by_name` text NOT NULL,
	`document_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`return_reason` text,
	`reviewed_by_id` text,
	`reviewed_by_name` text,
	`reviewed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `private_files`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `medication_authorizations_child_idx` ON `medication_authorizations` (`child_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `medication_authorizations_status_idx` ON `medication_authorizations` (`status`,`end_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `medication_authorizations_document_uq` ON `medication_authorizations` (`document_id`);--> statement-breakpoint
CREATE TABLE `medication_doses` (
	`id` text PRIMARY KEY NOT NULL,
	`authorization_id` text NOT NULL,
	`child_id` text NOT NULL,
	`given_at` integer NOT NULL,
	`date` text NOT NULL,
	`slot_time` text,
	`dose` text NOT NULL,
	`notes` text,
	`author_id` text,
	`author_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`authorization_id`) REFERENCES `medication_authorizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `medication_doses_slot_uq` ON `medication_doses` (`authorization_id`,`date`,`slot_time`);--> statement-breakpoint
CREATE INDEX `medication_doses_child_day_idx` ON `medication_doses` (`child_id`,`date`);--> statement-breakpoint
CREATE INDEX `medication_doses_day_idx` ON `medication_doses` (`date`);