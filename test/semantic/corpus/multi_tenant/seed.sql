CREATE TABLE mt_orders (id INTEGER, tenant_id VARCHAR, amount INTEGER, status VARCHAR);
INSERT INTO mt_orders VALUES (1, 'acme', 10, 'paid'), (2, 'acme', 20, 'open'), (3, 'globex', 300, 'paid');
