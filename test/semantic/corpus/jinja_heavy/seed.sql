CREATE TABLE jj_sales (id INTEGER, region VARCHAR, amount INTEGER);
INSERT INTO jj_sales VALUES (1, 'north', 10), (2, 'south', 20), (3, 'north', 5);
CREATE TABLE jj_web (id INTEGER);
INSERT INTO jj_web VALUES (1), (2);
CREATE TABLE jj_store (id INTEGER);
INSERT INTO jj_store VALUES (1);
