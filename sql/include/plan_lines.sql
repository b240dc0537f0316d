-- plan_lines(query): the lines of EXPLAIN (COSTS OFF) for a query, but
-- PostgreSQL 18's "Disabled: true" (a node that enable_seqscan = off
-- could not avoid), so that one expected output serves every major.
-- sql/gamequery.sql and sql/features.sql read it with \i and drop it.
CREATE FUNCTION plan_lines(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		IF line NOT LIKE '%Disabled: true%' THEN
			RETURN NEXT line;
		END IF;
	END LOOP;
END $$;
