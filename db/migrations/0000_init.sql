CREATE TABLE `admin_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`secret_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `admin_sessions_admin_idx` ON `admin_sessions` (`admin_id`);--> statement-breakpoint
CREATE TABLE `admin_users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`name` text NOT NULL,
	`last_login_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_users_email_unique` ON `admin_users` (`email`);--> statement-breakpoint
CREATE TABLE `announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`category` text DEFAULT 'general' NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`expires_at` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `child_achievements` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text NOT NULL,
	`milestone_id` text NOT NULL,
	`achieved_at` text NOT NULL,
	`notes` text,
	`witnessed_by` text,
	`photo_url` text,
	`parent_notified` integer DEFAULT false NOT NULL,
	`celebration_level` text DEFAULT 'standard' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`milestone_id`) REFERENCES `milestones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `child_achievements_achieved_idx` ON `child_achievements` (`achieved_at`);--> statement-breakpoint
CREATE TABLE `communication_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text DEFAULT 'general_message' NOT NULL,
	`sender_type` text NOT NULL,
	`sender_id` text NOT NULL,
	`sender_name` text NOT NULL,
	`recipient_type` text NOT NULL,
	`recipient_id` text NOT NULL,
	`recipient_name` text,
	`child_id` text,
	`child_name` text,
	`subject` text NOT NULL,
	`content` text NOT NULL,
	`document_url` text,
	`document_name` text,
	`document_size` integer,
	`is_read` integer DEFAULT false NOT NULL,
	`is_urgent` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `communication_recipient_idx` ON `communication_messages` (`recipient_type`,`recipient_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`child_age` text,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `daily_activities` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text NOT NULL,
	`activity_date` text NOT NULL,
	`category` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`duration` integer,
	`skills_practiced` text DEFAULT '[]' NOT NULL,
	`enjoyment_level` integer,
	`participation_level` text,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `daily_activities_child_idx` ON `daily_activities` (`child_id`,`activity_date`);--> statement-breakpoint
CREATE TABLE `development_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`category` text NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`skills_observed` text DEFAULT '[]' NOT NULL,
	`development_areas` text DEFAULT '[]' NOT NULL,
	`is_private` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `development_notes_child_idx` ON `development_notes` (`child_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `document_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text,
	`admin_name` text NOT NULL,
	`parent_id` text NOT NULL,
	`parent_name` text,
	`child_id` text,
	`child_name` text,
	`document_type` text DEFAULT 'other' NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`due_date` text,
	`is_urgent` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`response_document_url` text,
	`response_document_name` text,
	`response_message` text,
	`responded_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `enrolled_children` (
	`id` text PRIMARY KEY NOT NULL,
	`child_name` text NOT NULL,
	`parent_name` text NOT NULL,
	`parent_email` text NOT NULL,
	`parent_phone` text,
	`date_of_birth` text NOT NULL,
	`program` text DEFAULT 'preschool' NOT NULL,
	`start_date` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`notes` text,
	`application_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `enrollment_applications`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enrolled_children_application_uq` ON `enrolled_children` (`application_id`);--> statement-breakpoint
CREATE INDEX `enrolled_children_parent_email_idx` ON `enrolled_children` (`parent_email`);--> statement-breakpoint
CREATE TABLE `enrollment_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`parent_first_name` text NOT NULL,
	`parent_last_name` text NOT NULL,
	`parent_email` text NOT NULL,
	`parent_phone` text NOT NULL,
	`parent_address` text NOT NULL,
	`parent_city` text NOT NULL,
	`parent_state` text NOT NULL,
	`parent_zip` text NOT NULL,
	`child_first_name` text NOT NULL,
	`child_last_name` text NOT NULL,
	`child_date_of_birth` text NOT NULL,
	`child_age` text NOT NULL,
	`program_requested` text NOT NULL,
	`start_date` text NOT NULL,
	`emergency_contact_name` text NOT NULL,
	`emergency_contact_phone` text NOT NULL,
	`emergency_contact_relationship` text NOT NULL,
	`pediatrician_name` text,
	`pediatrician_phone` text,
	`allergies` text,
	`medications` text,
	`medical_conditions` text,
	`special_instructions` text,
	`how_did_you_hear` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `enrollment_applications_created_idx` ON `enrollment_applications` (`created_at`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`event_date` text NOT NULL,
	`start_time` text,
	`end_time` text,
	`category` text DEFAULT 'general' NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`location` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_date_idx` ON `events` (`event_date`);--> statement-breakpoint
CREATE TABLE `milestones` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`category` text NOT NULL,
	`age_range` text NOT NULL,
	`badge_icon` text NOT NULL,
	`badge_color` text NOT NULL,
	`difficulty` text DEFAULT 'normal' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `milestones_name_unique` ON `milestones` (`name`);--> statement-breakpoint
CREATE TABLE `outbox_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`eml_file` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `parent_child_relationships` (
	`id` text PRIMARY KEY NOT NULL,
	`parent_id` text NOT NULL,
	`child_id` text NOT NULL,
	`relationship` text DEFAULT 'parent' NOT NULL,
	`is_primary` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `parent_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `parent_child_uq` ON `parent_child_relationships` (`parent_id`,`child_id`);--> statement-breakpoint
CREATE INDEX `parent_child_child_idx` ON `parent_child_relationships` (`child_id`);--> statement-breakpoint
CREATE TABLE `parent_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`content` text NOT NULL,
	`recipients` text DEFAULT '[]' NOT NULL,
	`sent_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_by` text
);
--> statement-breakpoint
CREATE TABLE `parent_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`parent_id` text NOT NULL,
	`token` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `parent_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `parent_sessions_token_unique` ON `parent_sessions` (`token`);--> statement-breakpoint
CREATE INDEX `parent_sessions_parent_idx` ON `parent_sessions` (`parent_id`);--> statement-breakpoint
CREATE TABLE `parent_users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`phone` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `parent_users_email_unique` ON `parent_users` (`email`);--> statement-breakpoint
CREATE TABLE `payment_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text,
	`child_name` text NOT NULL,
	`parent_name` text NOT NULL,
	`parent_email` text NOT NULL,
	`payment_type` text NOT NULL,
	`amount` text NOT NULL,
	`payment_method` text NOT NULL,
	`payment_date` text NOT NULL,
	`description` text,
	`check_number` text,
	`transaction_id` text,
	`period_covered` text,
	`receipt_number` text NOT NULL,
	`email_sent` integer DEFAULT false NOT NULL,
	`email_sent_at` integer,
	`email_sent_by` text,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_receipts_receipt_number_unique` ON `payment_receipts` (`receipt_number`);--> statement-breakpoint
CREATE INDEX `payment_receipts_parent_idx` ON `payment_receipts` (`parent_email`,`payment_date`);--> statement-breakpoint
CREATE TABLE `pictures` (
	`id` text PRIMARY KEY NOT NULL,
	`file_name` text NOT NULL,
	`original_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`mime_type` text NOT NULL,
	`category` text DEFAULT 'general' NOT NULL,
	`caption` text,
	`is_active` integer DEFAULT true NOT NULL,
	`uploaded_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pictures_file_name_unique` ON `pictures` (`file_name`);--> statement-breakpoint
CREATE TABLE `private_files` (
	`id` text PRIMARY KEY NOT NULL,
	`stored_name` text NOT NULL,
	`original_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `private_files_stored_name_unique` ON `private_files` (`stored_name`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`password` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);