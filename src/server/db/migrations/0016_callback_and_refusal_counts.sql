CREATE TABLE "payment_callback_refusals" (
	"ip" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_callback_refusals_pkey" PRIMARY KEY("ip","hour")
);
--> statement-breakpoint
CREATE TABLE "audit_refusals" (
	"ip" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_refusals_pkey" PRIMARY KEY("ip","minute")
);
