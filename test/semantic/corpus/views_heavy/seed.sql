CREATE TABLE vh_customers (id INTEGER, name VARCHAR, segment VARCHAR);
INSERT INTO vh_customers VALUES (1, 'Ann', 'smb'), (2, 'Bob', 'enterprise'), (3, 'Cy', 'smb');
CREATE TABLE vh_orders (id INTEGER, customer_id INTEGER, amount INTEGER);
INSERT INTO vh_orders VALUES (1, 1, 100), (2, 1, 50), (3, 2, 500);
CREATE TABLE vh_tickets (id INTEGER, customer_id INTEGER, priority VARCHAR);
INSERT INTO vh_tickets VALUES (1, 1, 'high'), (2, 2, 'low'), (3, 2, 'low'), (4, 2, 'high');
