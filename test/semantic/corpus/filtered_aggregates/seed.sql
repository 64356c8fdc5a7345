CREATE TABLE fa_orders (id INTEGER, status VARCHAR, amount INTEGER);
INSERT INTO fa_orders VALUES (1, 'completed', 50), (2, 'completed', 150), (3, 'canceled', 200), (4, 'processing', 20);
