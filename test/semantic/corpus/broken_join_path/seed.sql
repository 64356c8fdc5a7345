CREATE TABLE bj_orders (id INTEGER);
