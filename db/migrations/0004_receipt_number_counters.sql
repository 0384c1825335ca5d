CREATE TABLE `receipt_number_counters` (
	`year` text PRIMARY KEY NOT NULL,
	`last_number` integer NOT NULL
);
