CREATE SCHEMA IF NOT EXISTS public;
CREATE TABLE public.users (id INTEGER, city VARCHAR, created_at TIMESTAMP);
INSERT INTO public.users VALUES (1, 'Berlin', '2023-01-01'), (2, 'Rome', '2023-03-01'), (3, 'Berlin', '2023-05-01');
CREATE TABLE public.orders (id INTEGER, user_id INTEGER, status VARCHAR, amount INTEGER);
INSERT INTO public.orders VALUES (1, 1, 'shipped', 40), (2, 1, 'shipped', 60), (3, 2, 'pending', 10);
