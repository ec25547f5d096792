import { KafkaMessageBus } from '@app/messaging/kafka';
import { MessageSigner, parseEncryptionKey } from '@app/security';
import { DistributedSystem, ENCRYPTION_KEY } from './distributed-system';

/** A client of the system's Kafka cluster holding the services' shared key: it writes what a service would. */
export function signedBusOf(system: DistributedSystem): KafkaMessageBus {
  const signer = new MessageSigner({ current: parseEncryptionKey(ENCRYPTION_KEY, 'ENCRYPTION_KEY', { strict: true }) });
  return new KafkaMessageBus({ brokers: system.kafkaBrokers, clientId: 'e2e-operator', authenticator: signer, logLevel: 'error' });
}
