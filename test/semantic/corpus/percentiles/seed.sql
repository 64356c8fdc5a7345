CREATE TABLE pc_deliveries (id INTEGER, minutes INTEGER);
INSERT INTO pc_deliveries VALUES (1, 10), (2, 20), (3, 30), (4, 40);
