CREATE TABLE cm_users (id INTEGER, name VARCHAR, city VARCHAR);
INSERT INTO cm_users VALUES (1, 'Ann', 'Oslo'), (2, 'Bob', 'Bergen'), (3, 'Cy', 'Oslo');
CREATE TABLE cm_orders (id INTEGER, user_id INTEGER, amount DOUBLE PRECISION);
INSERT INTO cm_orders VALUES (1, 1, 10), (2, 1, 30), (3, 2, 5);
