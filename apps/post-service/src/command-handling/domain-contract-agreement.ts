import type {
  Messages,
  PlatformBodyRules,
  PlatformVideoRule,
  PostAccountRef,
  PostAccountStatus,
  PostContentView,
  PostInput,
  PostStatus as ContractPostStatus,
  PostVersionView,
  QueueView,
  RecordPublishResultMessage,
  RecyclePlanView,
  RequestActor,
  ScheduleRequest,
} from '@app/contracts';
import type {
  AccountBodyRules,
  AccountPublishStatus,
  AccountPublishResult,
  AccountSnapshot,
  Actor,
  PostContent,
  PostContentInput,
  PostingQueue,
  PostRuleMessages,
  PostStatus,
  PostVersion,
  PublishedItem,
  RecyclePlan,
  ScheduleIntent,
  VideoRule,
} from '@app/domain';

/*
 * Where the contract and the domain describe the same thing. The contract cannot import the domain
 * (services share it without the domain) and the domain imports nothing, so each has its own
 * declaration; the post-service, which translates between them (requests and commands in, posts
 * and events out), holds them to each other here. A status, a field or a case added on one side
 * (or words changed) does not compile until the other side has it too.
 */

/** True when A and B are the same type: the same members, each as optional and as readonly. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Agree<Check extends true> = Check;

/** The domain's schedule, less the slot the post-service picks for a queued post before the decider sees it. */
type AsRequested<Intent> = Intent extends { kind: 'queue' } ? Omit<Intent, 'slotAt'> : Intent;
/** A type with its intersections flattened into one object type, as the other side declares it. */
type Flat<T> = { [K in keyof T]: T[K] };

export type DomainContractAgreement = [
  Agree<Same<ContractPostStatus, PostStatus>>,
  Agree<Same<PostAccountStatus, AccountPublishStatus>>,
  Agree<Same<RequestActor, Actor>>,
  Agree<Same<PostAccountRef, AccountSnapshot>>,
  Agree<Same<PostContentView, PostContent>>,
  Agree<Same<PostVersionView, PostVersion>>,
  Agree<Same<PlatformVideoRule, VideoRule>>,
  Agree<Same<PlatformBodyRules, AccountBodyRules>>,
  Agree<Same<QueueView, PostingQueue>>,
  Agree<Same<RecyclePlanView, RecyclePlan>>,
  Agree<Same<ScheduleRequest, AsRequested<ScheduleIntent>>>,
  Agree<Same<PostInput, Flat<Omit<PostContentInput, 'intent'> & { intent: ScheduleRequest }>>>,
  /** A publish result on `post-commands`: the domain's, with `items` absent in results sent before threads. */
  Agree<Same<NonNullable<RecordPublishResultMessage['items']>[number], PublishedItem | null>>,
  Agree<Same<Pick<RecordPublishResultMessage, Exclude<keyof AccountPublishResult, 'items'>>, Omit<AccountPublishResult, 'items'>>>,
  /** The product's general words, which two of the domain's violations say too. */
  Agree<Same<(typeof PostRuleMessages)['ApprovalNotAllowed'], (typeof Messages)['unauthorized']>>,
  Agree<Same<(typeof PostRuleMessages)['InvalidPostContent'], (typeof Messages)['validation']>>,
];
