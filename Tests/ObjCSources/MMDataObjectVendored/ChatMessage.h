#import "MMDataObject.h"

@interface ChatMessage : MMDataObject

@property (nonatomic, strong) NSNumber *id;
@property (nonatomic, strong) NSString *body;
@property (nonatomic, strong) NSDate *createdAt;

@end
