"""The broker transport: a late acknowledgement through a channel whose connection is gone is a connection error.

Celery catches the transport's connection errors around an acknowledgement
(it logs "Couldn't ack" and the message is delivered again); anything else
ends the worker. kombu's own Redis channel raises AttributeError here.
"""

from __future__ import annotations

import shutil

import pytest
from kombu import Connection

from config.broker import Transport
from tests.integration.live import Redis

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
]


@pytest.fixture
def redis():
    server = Redis()
    server.start()
    yield server
    server.stop()


def closed_channel(url: str, how: str):
    connection = Connection(url, transport=Transport)
    channel = connection.channel()
    assert channel.qos is not None  # a consumer's channel has its QoS before it delivers anything
    if how == "connection closed":  # Celery closes the broken connection before reconnecting
        connection.close()
    else:  # the transport outlived its connection (seen when the worker collects a dead connection)
        channel._disconnect_pools()
        connection.transport.client = None
    return connection, channel


@pytest.mark.parametrize("how", ["connection closed", "transport without its connection"])
def test_acknowledging_through_a_closed_channel_is_a_connection_error(redis, how):
    connection, channel = closed_channel(redis.url, how)
    with pytest.raises(Transport.connection_errors) as raised:
        channel.qos.ack("delivery-tag-of-a-task-that-finished-during-the-outage")
    assert not isinstance(raised.value, AttributeError)
    assert "was closed" in str(raised.value)


def test_the_transport_still_talks_to_a_live_redis(redis):
    with Connection(redis.url, transport=Transport) as connection:
        channel = connection.channel()
        channel.client.set("ravenpost-broker-check", "1")
        assert channel.client.get("ravenpost-broker-check") == b"1"


def test_publishing_reuses_one_client_per_pool_and_still_delivers(redis):
    with Connection(redis.url, transport=Transport) as connection:
        channel = connection.channel()
        queue = connection.SimpleQueue("ravenpost-broker-publish")
        producer = queue.producer
        producer.publish({"n": 0}, routing_key="ravenpost-broker-publish")
        client = channel._create_client()
        assert channel._create_client() is client, "one client kept for publishing"
        assert channel._create_client(asynchronous=True) is not client  # consumers keep kombu's own
        for n in range(1, 4):
            queue.put({"n": n})
        assert [queue.get(timeout=2).payload["n"] for _ in range(4)] == [0, 1, 2, 3]
        channel._disconnect_pools()  # a reconnect replaces the pool: the kept client goes with it
        fresh = channel._create_client()
        assert fresh is not client and fresh.connection_pool is channel.pool
        fresh.set("ravenpost-broker-check", "2")
        assert fresh.get("ravenpost-broker-check") == b"2"
        queue.close()
