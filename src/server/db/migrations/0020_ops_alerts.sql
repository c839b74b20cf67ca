-- The operations alerts (issue #31): when each kind was last mailed (at most once an hour, whichever process
-- sees it), and the conditions only one process can observe (a backup that failed, the last database outage).
CREATE TABLE "ops_alerts" (
	"kind" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone,
	"detail" text,
	"last_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
