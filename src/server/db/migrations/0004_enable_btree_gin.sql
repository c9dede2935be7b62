-- btree_gin lets one GIN index hold the customer id beside the trigram expression (order search).
CREATE EXTENSION IF NOT EXISTS btree_gin;
