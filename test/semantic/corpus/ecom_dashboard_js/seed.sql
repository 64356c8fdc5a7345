CREATE SCHEMA IF NOT EXISTS public;
CREATE TABLE public.users (id INTEGER, city VARCHAR);
INSERT INTO public.users VALUES (1, 'Austin'), (2, 'Denver');
CREATE TABLE public.products (id INTEGER, category VARCHAR);
INSERT INTO public.products VALUES (1, 'books'), (2, 'games');
CREATE TABLE public.orders (id INTEGER, user_id INTEGER, product_id INTEGER, status VARCHAR, number INTEGER, created_at TIMESTAMP);
INSERT INTO public.orders VALUES (1, 1, 1, 'completed', 2, '2024-01-01'), (2, 1, 2, 'completed', 1, '2024-01-02'), (3, 2, 2, 'processing', 5, '2024-01-03');
