CREATE TABLE users (id INTEGER, city VARCHAR);
INSERT INTO users VALUES (1, 'Paris'), (2, 'Lyon');
CREATE TABLE products (id INTEGER, product_name VARCHAR, category VARCHAR);
INSERT INTO products VALUES (1, 'Tea', 'drinks'), (2, 'Cake', 'food');
CREATE TABLE orders (id INTEGER, user_id INTEGER, status VARCHAR, created_at TIMESTAMP);
INSERT INTO orders VALUES (1, 1, 'completed', '2024-01-05'), (2, 1, 'processing', '2024-02-10'), (3, 2, 'completed', '2024-02-20');
CREATE TABLE line_items (id INTEGER, order_id INTEGER, product_id INTEGER, price DOUBLE PRECISION, quantity INTEGER);
INSERT INTO line_items VALUES (1, 1, 1, 3, 2), (2, 1, 2, 5, 1), (3, 2, 1, 3, 1), (4, 3, 2, 5, 4);
